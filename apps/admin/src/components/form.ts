// The storefront's form parts (labelled fields with their errors, alerts, submit buttons) and its notice page,
// shared rather than copied: both apps show SDK errors the same way.
export {
  CheckBox,
  ErrorNotice,
  Field,
  fieldNotes,
  Notice,
  SubmitButton,
} from '../../../storefront/src/components/form.tsx';
export { lastResortPage, NoticePage } from '../../../storefront/src/components/notice-page.tsx';
