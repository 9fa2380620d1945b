// A small form sent by hand, with plain state and no form library (the guest page's dialogs run on
// Preact, loaded only when opened): the shared schema checks the values, each field shows its first
// message, and while the form is sent it says so; a failed send is said under the fields and the
// form can be sent again.
import { useState } from 'react';
import type { z } from 'zod';
import { errorMessage } from './api-client';

/**
 * `fields` names the fields that show messages; an issue of any other path goes to the first one.
 * `submit` sends only valid values; `send` closes the form itself on success.
 */
export function usePlainForm<const Fields extends readonly [string, ...string[]]>(fields: Fields) {
  type Field = Fields[number];
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async <Output>(schema: z.ZodType<Output>, values: unknown, send: (data: Output) => Promise<void>): Promise<void> => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        const field: Field = fields.find((name) => name === key) ?? fields[0];
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setFailure(null);
    setSending(true);
    try {
      await send(parsed.data);
    } catch (err) {
      setFailure(errorMessage(err));
      setSending(false);
    }
  };

  return { errors, failure, sending, submit };
}
