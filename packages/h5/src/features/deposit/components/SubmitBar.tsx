import Button from 'antd-mobile/es/components/button';

/** 立即存款 */
export function SubmitBar({ busy, onSubmit }: { busy: boolean; onSubmit: () => void }) {
  return (
    <div className="dep-actions">
      <Button block color="primary" shape="rounded" className="dep-primary" data-testid="deposit-submit" loading={busy} onClick={onSubmit}>
        立即存款
      </Button>
    </div>
  );
}
