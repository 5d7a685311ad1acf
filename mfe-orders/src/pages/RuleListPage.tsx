// `/rules`: the page lives with the rest of the rules screens.
export { RuleListPage } from '../rules/RuleListPage';
