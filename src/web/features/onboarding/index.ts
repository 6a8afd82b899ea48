export { FirstRunChecklist } from './components/first-run-checklist';
