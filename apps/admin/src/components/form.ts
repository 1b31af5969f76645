// The storefront's form parts (labelled fields with their errors, alerts, submit buttons), shared rather
// than copied: both apps show SDK errors the same way.
export { ErrorNotice, Field, Notice, SubmitButton } from '../../../storefront/src/components/form.tsx';
