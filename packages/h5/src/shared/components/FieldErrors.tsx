import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { firstFieldFailure, type FieldOf, type Rule } from '@app/contract';
import { toast } from '../lib/toast';
import './field-errors.css';

/** One mark; a new object each time, so a field tells a repeated message from the one it has seen. */
interface Mark {
  message: string;
}

/**
 * A form's field errors (issue 15 item 5): the first failing rule speaks as a toast, as it always
 * has, and under the field it is about. A field reads its own by name (useFieldError) and drops it
 * once its value changes.
 */
export interface FieldErrors {
  /**
   * Runs the rules in order: the first failure is toasted and marked on its field; true when all
   * pass (every mark is then taken off). `names` maps a rule's field to the input's name where the
   * screen calls it otherwise (the contract's `paypassword` is /password's `newPassword`).
   */
  check<T>(value: T, rules: readonly Rule<T>[], names?: Partial<Record<FieldOf<T>, string>>): boolean;
  /** A failure found outside the rules: toasted, and marked on `name` when there is one. */
  fail(message: string, name?: string | null): void;
  /** Marks a field without a toast: the server's refusal, which the form has toasted already. */
  mark(name: string, message: string): void;
  /** Takes every mark off (the form was reset or changed tab). */
  clear(): void;
  readonly marks: Readonly<Record<string, Mark>>;
  unmark(name: string, mark: Mark): void;
}

export function useFieldErrors(): FieldErrors {
  const [marks, setMarks] = useState<Record<string, Mark>>({});
  return useMemo(() => {
    const only = (name: string | null | undefined, message: string) => setMarks(name ? { [name]: { message } } : {});
    return {
      marks,
      check(value, rules, names) {
        const failure = firstFieldFailure(value, rules);
        if (!failure) {
          setMarks({});
          return true;
        }
        void toast({ content: failure.message });
        only(failure.field && (names?.[failure.field] ?? failure.field), failure.message);
        return false;
      },
      fail(message, name) {
        void toast({ content: message });
        only(name, message);
      },
      mark: (name, message) => only(name, message),
      clear: () => setMarks({}),
      unmark: (name, mark) =>
        setMarks((all) => {
          if (all[name] !== mark) return all;
          const { [name]: _gone, ...rest } = all;
          return rest;
        }),
    } satisfies FieldErrors;
  }, [marks]);
}

const Scope = createContext<FieldErrors | null>(null);

/** The form's fields find their errors here. */
export function FieldErrorsScope({ errors, children }: { errors: FieldErrors; children: ReactNode }) {
  return <Scope.Provider value={errors}>{children}</Scope.Provider>;
}

export interface FieldError {
  message: string | null;
  /** the message's element id and test id: field-error-<name> */
  id: string;
  /** for an element the field renders itself (a button, a native input) */
  aria: { 'aria-invalid'?: true; 'aria-describedby'?: string };
  /** for antd-mobile's Input and TextArea, which keep aria-* on their wrapper: sets them on the input */
  inputRef: (handle: { nativeElement: HTMLElement | null } | null) => void;
}

/**
 * The error of the field `name` in the enclosing form (none outside one). It is dropped when `value`
 * differs from what the field held when it was marked: typing, a picker or a 最大金额 button alike,
 * while a form that empties the field as it marks it (a used captcha) keeps the mark.
 */
export function useFieldError(name: string, value: unknown): FieldError {
  const errors = useContext(Scope);
  const mark = errors?.marks[name];
  const seen = useRef<{ mark: Mark; value: unknown } | null>(null);
  useEffect(() => {
    if (!errors || !mark) return;
    if (seen.current?.mark !== mark) seen.current = { mark, value };
    else if (!Object.is(seen.current.value, value)) errors.unmark(name, mark);
  }, [errors, mark, name, value]);

  const message = mark?.message ?? null;
  const id = `field-error-${name}`;
  const inputRef = useCallback(
    (handle: { nativeElement: HTMLElement | null } | null) => {
      const input = handle?.nativeElement;
      if (!input) return;
      if (message) {
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', id);
      } else {
        input.removeAttribute('aria-invalid');
        input.removeAttribute('aria-describedby');
      }
    },
    [message, id],
  );
  return { message, id, aria: message ? { 'aria-invalid': true, 'aria-describedby': id } : {}, inputRef };
}

/** The message under the field, in red; nothing when the field is fine. */
export function FieldMessage({ error }: { error: FieldError }) {
  if (!error.message) return null;
  return (
    <div className="field-error" id={error.id} data-testid={error.id}>
      {error.message}
    </div>
  );
}
