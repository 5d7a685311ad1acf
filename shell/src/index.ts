// The remotes must be registered before any component asks for one, and `bootstrap` is imported
// dynamically so the federation runtime can settle the shared singletons (react, antd, …) first.
import { registerRemotesFromManifest } from './remotes';

void registerRemotesFromManifest().then(() => import('./bootstrap'));
