import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { firstFieldFailure, type FieldOf, type Rule } from '@app/contract';
import { toast } from '../lib/toast';
import './field-errors.css';

/** One mark; a new object each time, so a field tells a repeated message from the one it has seen. */
interface Mark {
  message: string;
}

/**
 * A form's errors, each shown once: a message about one field in red under that field (no toast
 * covers it), a message about no field as a toast. A field reads its own by name (useFieldError) and
 * drops it once its value changes. The server's refusals go the same way (refuse).
 */
export interface FieldErrors {
  /**
   * Runs the rules in order: the first failure is marked on its field, or toasted when it names none;
   * true when all pass (every mark is then taken off). `names` maps a rule's field to the input's name
   * where the screen calls it otherwise (the contract's `paypassword` is /password's `newPassword`).
   */
  check<T>(value: T, rules: readonly Rule<T>[], names?: Partial<Record<FieldOf<T>, string>>): boolean;
  /** A failure found outside the rules: marked on `name` when there is one, else toasted. */
  fail(message: string, name?: string | null): void;
  /**
   * The server's refusal (its message, none for a silent failure): under the field `fields` names for
   * that message (see refusalFields), else a toast.
   */
  refuse(message: string | null | undefined, fields?: Readonly<Record<string, string>>): void;
  /** Marks a field without a toast. */
  mark(name: string, message: string): void;
  /** Takes every mark off (the form was reset or changed tab). */
  clear(): void;
  readonly marks: Readonly<Record<string, Mark>>;
  unmark(name: string, mark: Mark): void;
  /** A field of the form shows its errors from now until the returned function is called. */
  register(name: string): () => void;
}

/**
 * Which field each rule's message is about, for the server's refusals: the server runs the same rules
 * (one catalogue), so its 400 names the field by its message. `names` as for check; `more` adds the
 * refusals only the server can make (用户名已存在, 旧密码错误…).
 */
export function refusalFields<T>(rules: readonly Rule<T>[], names: Partial<Record<FieldOf<T>, string>> = {}, more: Readonly<Record<string, string>> = {}): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [, message, field] of rules) if (typeof field === 'string' && !(message in fields)) fields[message] = names[field] ?? field;
  return { ...fields, ...more };
}

export function useFieldErrors(): FieldErrors {
  const [marks, setMarks] = useState<Record<string, Mark>>({});
  // The fields on screen, by name (a count: a name may be mounted twice while a tab changes).
  const shown = useRef(new Map<string, number>());
  const register = useCallback((name: string) => {
    shown.current.set(name, (shown.current.get(name) ?? 0) + 1);
    return () => {
      const n = (shown.current.get(name) ?? 1) - 1;
      if (n > 0) shown.current.set(name, n);
      else shown.current.delete(name);
    };
  }, []);
  return useMemo(() => {
    const only = (name: string | null | undefined, message: string) => setMarks(name ? { [name]: { message } } : {});
    // Under its field, or a toast when no field on screen is about it: once, never both, never unseen.
    const fail = (message: string, name?: string | null) => {
      const field = name && shown.current.has(name) ? name : null;
      if (!field) void toast({ content: message });
      only(field, message);
    };
    return {
      marks,
      check(value, rules, names) {
        const failure = firstFieldFailure(value, rules);
        if (!failure) {
          setMarks({});
          return true;
        }
        fail(failure.message, failure.field && (names?.[failure.field] ?? failure.field));
        return false;
      },
      fail,
      refuse(message, fields = {}) {
        if (message) fail(message, Object.prototype.hasOwnProperty.call(fields, message) ? fields[message] : null);
      },
      mark: (name, message) => only(name, message),
      clear: () => setMarks({}),
      unmark: (name, mark) =>
        setMarks((all) => {
          if (all[name] !== mark) return all;
          const { [name]: _gone, ...rest } = all;
          return rest;
        }),
      register,
    } satisfies FieldErrors;
  }, [marks, register]);
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
  const register = errors?.register;
  useEffect(() => register?.(name), [register, name]);
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

/**
 * The message under the field, in red; nothing when the field is fine. No toast repeats it, so a
 * message below the fold is scrolled into view (and a field the keyboard covers with it).
 */
export function FieldMessage({ error }: { error: FieldError }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error.message) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [error.message]);
  if (!error.message) return null;
  return (
    <div ref={ref} className="field-error" id={error.id} data-testid={error.id} role="alert">
      {error.message}
    </div>
  );
}
