export { Field, type FieldControl, type FieldProps } from './Field';
export { FieldError } from './FieldError';
export { SubmitButton } from './SubmitButton';
export { focusFirstProblem } from './focus';
export { TextField, type TextFieldProps } from './TextField';
