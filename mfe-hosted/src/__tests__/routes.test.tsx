import { itShowsPlaceholderPages } from '@syncdesk/web-kit/src/testing/placeholder-pages';
import { routes } from '../routes';

itShowsPlaceholderPages(routes, [['/hostedPages', 'Hosted pages', null, 'No hosted pages yet']]);
