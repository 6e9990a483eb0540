import DotLoading from 'antd-mobile/es/components/dot-loading';

export function RouteFallback() {
  return (
    <div style={{ padding: '40vh 0', textAlign: 'center', color: 'var(--adm-color-weak)' }}>
      <DotLoading color="primary" />
    </div>
  );
}
