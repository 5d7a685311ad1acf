// The stored light/dark choice goes on the page first, before anything is fetched or rendered.
import { applyStoredColorScheme } from './theme/applyStoredColorScheme';
// The remotes must be registered before any component asks for one, and `bootstrap` is imported
// dynamically so the federation runtime can settle the shared singletons (react, antd, …) first.
import { registerRemotesFromManifest } from './remotes';

applyStoredColorScheme();

void registerRemotesFromManifest().then(() => import('./bootstrap'));
