// The labelled controls of components/field.tsx bound to a react-hook-form form: each takes the form
// and a field name, registers the control and shows that field's message (wired by the control to
// aria-invalid and aria-describedby), so a form states each field once. Kept apart from field.tsx:
// the server-rendered doors and the guest bundle use those controls without a form library.
import type { ComponentType, ReactNode } from 'react';
import { get, useFormState, type FieldPath, type FieldValues, type RegisterOptions, type UseFormReturn } from 'react-hook-form';
import { ChoiceGroup, EmailField, PasswordField, Radio, SelectField, TextArea, TextField } from '../field';

/** A form from useZodForm (its input and output types may differ) and one of its fields. */
interface Bound<T extends FieldValues, C, O extends FieldValues> {
  form: UseFormReturn<T, C, O>;
  name: FieldPath<T>;
  /** Extra register options (e.g. an onChange of the field's own). */
  options?: RegisterOptions<T, FieldPath<T>>;
}

/** Props the binding supplies (the control's name, value handlers, ref and error), and the native `form` attribute, whose name it takes. */
type Supplied = 'form' | 'name' | 'error' | 'onChange' | 'onBlur' | 'ref';

/** The message of `name`, re-rendering only this field when its error changes. */
export function useFieldError<T extends FieldValues, C, O extends FieldValues>(form: UseFormReturn<T, C, O>, name: FieldPath<T>): string | undefined {
  const { errors } = useFormState({ control: form.control, name });
  const error: unknown = get(errors, name);
  return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : undefined;
}

/** `Control` taking `form` and `name` in place of its value props and error. */
function bind<P extends { error?: string | undefined }>(Control: ComponentType<P>) {
  return function BoundField<T extends FieldValues, C, O extends FieldValues>({ form, name, options, ...props }: Bound<T, C, O> & Omit<P, Supplied>) {
    // P is the control's own props less what is supplied here, which completes them.
    const controlProps = { ...props, error: useFieldError(form, name), ...form.register(name, options) } as unknown as P;
    return <Control {...controlProps} />;
  };
}

export const FormTextField = bind(TextField);
export const FormEmailField = bind(EmailField);
export const FormPasswordField = bind(PasswordField);
export const FormTextArea = bind(TextArea);
export const FormSelectField = bind(SelectField);

interface RadioGroupProps<T extends FieldValues, C, O extends FieldValues> extends Bound<T, C, O> {
  legend: ReactNode;
  /** value → label, in order. */
  choices: Readonly<Record<string, ReactNode>>;
  inline?: boolean;
}

/** A fieldset of radio buttons for one field, its message under them. */
export function FormRadioGroup<T extends FieldValues, C, O extends FieldValues>({ form, name, options, legend, choices, inline }: RadioGroupProps<T, C, O>) {
  return (
    <ChoiceGroup legend={legend} error={useFieldError(form, name)} inline={inline}>
      {Object.entries(choices).map(([value, label]) => (
        <Radio key={value} value={value} label={label} {...form.register(name, options)} />
      ))}
    </ChoiceGroup>
  );
}
