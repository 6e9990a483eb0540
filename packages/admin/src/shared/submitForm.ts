/**
 * A modal's 确定 for an antd form: `submit` runs with the values once every field passes. A refused
 * validation stays as the messages under the fields and nothing else: it is never left as the page's
 * unhandled rejection (Chromium's "Uncaught (in promise) Object"). An error thrown by `submit` itself
 * is not swallowed.
 */
export function submitForm<V>(form: { validateFields(): Promise<V> }, submit: (values: V) => unknown): () => void {
  return () => {
    void form.validateFields().then(submit, () => undefined);
  };
}
