// Labelled form controls. Every control has a visible label, and its hint and error are tied to it
// with aria-describedby; an error sets aria-invalid and is written in red under the control.
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { blockEnter as blockEnterKey } from '../lib/block-enter';
import { chosenFile, FileChoice } from './file-choice';
import './field.css';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  counter?: ReactNode;
  className?: string | undefined;
  children: ReactNode;
}

function describedBy(id: string, hint: unknown, error: unknown, counter: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : '', counter ? `${id}-counter` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function FieldFrame({ id, label, hint, error, counter, className, children }: FieldFrameProps) {
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <div className="field__below">
        {error ? (
          <p className="field__error" id={`${id}-error`}>
            {error}
          </p>
        ) : (
          <span />
        )}
        {counter ? (
          <p className="field__counter" id={`${id}-counter`} aria-live="polite">
            {counter}
          </p>
        ) : null}
      </div>
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /**
   * A fixed id, for a field hydrated as an island of a server-rendered page (docs/decisions/015):
   * there useId would number it within the island while the server numbered it within the page.
   */
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Spec §5: Enter must not submit from this single-line field. */
  blockEnter?: boolean;
  fieldClassName?: string;
  /** Content placed after the input inside its box (e.g. a show/hide button). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ id: fixedId, label, hint, error, blockEnter = false, fieldClassName, trailing, onKeyDown, className, ref, ...rest }: TextFieldProps) {
  const generatedId = useId();
  const id = fixedId ?? generatedId;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={fieldClassName}>
      <div className={trailing ? 'field__box field__box--trailing' : 'field__box'}>
        <input
          {...rest}
          ref={ref}
          id={id}
          className={['field__control', className ?? ''].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error, null)}
          onKeyDown={(event) => {
            if (blockEnter) blockEnterKey(event);
            onKeyDown?.(event);
          }}
        />
        {trailing}
      </div>
    </FieldFrame>
  );
}

interface FileFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'className'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** What the button says ('Elegir logo'). */
  action: string;
  fieldClassName?: string;
}

/** A file, chosen with a button and named beside it in Spanish (see FileChoice). */
export function FileField({ label, hint, error, action, fieldClassName, onChange, ...rest }: FileFieldProps) {
  const id = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={fieldClassName}>
      <FileChoice
        {...rest}
        id={id}
        action={action}
        chosen={chosen}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error, null)}
        onChange={(event) => {
          setChosen(chosenFile(event)?.name ?? null);
          onChange?.(event);
        }}
      />
    </FieldFrame>
  );
}

/** An e-mail address: its keyboard and autofill, no capitals or spelling marks (each may be overridden). */
export function EmailField(props: Omit<TextFieldProps, 'type'>) {
  // spellCheck as a string: Preact's server render drops an enumerated attribute given as `false`.
  return <TextField type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck="false" {...props} />;
}

interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'trailing'> {
  /** Names the field in the toggle's label, e.g. 'contraseña nueva'. */
  toggleSubject?: string;
}

/** A password input with a show/hide toggle (spec §2 change password). */
export function PasswordField({ toggleSubject = 'contraseña', ...rest }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...rest}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      // A string: Preact's server render drops an enumerated attribute given as `false`.
      spellCheck="false"
      trailing={
        <button
          type="button"
          className="field__toggle"
          aria-pressed={visible}
          aria-label={visible ? `Ocultar ${toggleSubject}` : `Mostrar ${toggleSubject}`}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Ocultar' : 'Mostrar'}
        </button>
      }
    />
  );
}

interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Shows 'n/max' under the field (spec §5: live counter). */
  count?: { value: number; max: number };
  fieldClassName?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextArea({ label, hint, error, count, fieldClassName, className, ref, ...rest }: TextAreaProps) {
  const id = useId();
  const counter = count ? `${count.value}/${count.max}` : null;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} counter={counter} className={fieldClassName}>
      <textarea
        rows={5}
        {...rest}
        ref={ref}
        id={id}
        className={['field__control', 'field__control--area', className ?? ''].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error, counter)}
      />
    </FieldFrame>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  fieldClassName?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({ label, hint, error, fieldClassName, className, children, ref, ...rest }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={fieldClassName}>
      <select
        {...rest}
        ref={ref}
        id={id}
        className={['field__control', 'field__control--select', className ?? ''].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error, null)}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

interface ChoiceGroupProps {
  legend: ReactNode;
  error?: string | undefined;
  children: ReactNode;
  inline?: boolean;
}

/** A fieldset of radio buttons with its legend and error. */
export function ChoiceGroup({ legend, error, children, inline = false }: ChoiceGroupProps) {
  const id = useId();
  return (
    <fieldset className={['field', 'choice-group', error ? 'field--invalid' : ''].filter(Boolean).join(' ')} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">{legend}</legend>
      <div className={inline ? 'choice-group__options choice-group__options--inline' : 'choice-group__options'}>{children}</div>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

interface ChoiceProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function Radio({ label, ref, ...rest }: ChoiceProps) {
  const id = useId();
  return (
    <div className="choice">
      <input {...rest} ref={ref} id={id} type="radio" className="choice__input" />
      <label htmlFor={id} className="choice__label">
        {label}
      </label>
    </div>
  );
}

/** A checkbox with its label and, under it, a hint tied to it. */
export function Checkbox({ label, hint, ref, ...rest }: ChoiceProps & { hint?: ReactNode }) {
  const id = useId();
  return (
    <div className="field choice-field">
      <div className="choice">
        <input {...rest} ref={ref} id={id} type="checkbox" className="choice__input" aria-describedby={hint ? `${id}-hint` : undefined} />
        <label htmlFor={id} className="choice__label">
          {label}
        </label>
      </div>
      {hint ? (
        <p className="field__hint choice-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
