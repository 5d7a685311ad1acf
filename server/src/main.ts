import { runFromEnvironment } from './runtime';

// `npm start` (role all), `npm run start:api` (APP_ROLE=api).
runFromEnvironment();
