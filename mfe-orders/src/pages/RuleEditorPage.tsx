// `/rules/create` and `/rules/:ruleId`: the page lives with the rest of the rules screens.
export { RuleEditorPage } from '../rules/RuleEditorPage';
