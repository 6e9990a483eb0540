import { useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Modal, Radio, Space, Switch, Typography, type ButtonProps } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  GAME_CATEGORIES,
  GAME_CATEGORY_LABELS,
  PROVIDER_LIMITS,
  PROVIDER_MODE_LABELS,
  PROVIDER_MODES,
  PROVIDER_MSG,
  newProviderFailure,
  providerBaseUrlNeeded,
  providerEditFailure,
  providerRotateFailure,
  type AdminProvider,
  type AdminProviderVenue,
  type GameCategory,
  type NewProviderForm,
  type ProviderEditForm,
  type ProviderRotateForm,
} from '@app/contract';
import { submitForm } from '../../shared/submitForm';

/**
 * The 游戏供应商 page's dialogs: 新增供应商, 编辑, 轮换密钥, and the one view of a key (after adding or
 * rotating), each form checked by the contract's own rule before it goes, its refusal shown in the
 * dialog in the words the server would use.
 */

const CATEGORY_OPTIONS = GAME_CATEGORIES.map((c) => ({ value: c, label: GAME_CATEGORY_LABELS[c] }));
const MODE_OPTIONS = PROVIDER_MODES.map((m) => ({ value: m, label: PROVIDER_MODE_LABELS[m] }));

/** A dialog with 保存 / 取消, the refusal of its form under the fields. */
function FormModal({ title, open, width = 640, busy, okText = '保存', testId, failure, onCancel, onOk, children }: { title: string; open: boolean; width?: number; busy: boolean; okText?: string; testId: string; failure: string | null; onCancel(): void; onOk(): void; children: ReactNode }) {
  return (
    <Modal title={title} open={open} width={width} okText={okText} cancelText="取消" okButtonProps={{ loading: busy, 'data-testid': `${testId}-save` } as ButtonProps} onCancel={onCancel} onOk={onOk} destroyOnHidden maskClosable={false}>
      {children}
      {failure && <Alert type="error" showIcon message={failure} style={{ marginTop: 12 }} data-testid={`${testId}-failure`} />}
    </Modal>
  );
}

/** The fields staff may change later too: name, base URL, timeout, categories. */
function SettingsFields({ transfer }: { transfer: boolean }) {
  return (
    <>
      <Form.Item name="name" label="名称" required>
        <Input maxLength={PROVIDER_LIMITS.nameMax} showCount data-testid="provider-name" />
      </Form.Item>
      <Form.Item name="base_url" label="接口地址" required={transfer} extra={transfer ? '平台调用供应商转账钱包接口的地址' : '无缝钱包由供应商调用平台，可留空'}>
        <Input placeholder="https://api.provider.example/transfer" maxLength={PROVIDER_LIMITS.baseUrlMax} data-testid="provider-base-url" />
      </Form.Item>
      <Space size={24} align="start" wrap>
        <Form.Item name="timeout_ms" label="超时（毫秒）">
          <InputNumber min={PROVIDER_LIMITS.timeoutMinMs} max={PROVIDER_LIMITS.timeoutMaxMs} step={500} precision={0} style={{ width: 140 }} data-testid="provider-timeout" />
        </Form.Item>
        <Form.Item name="categories" label="游戏分类">
          <Checkbox.Group options={CATEGORY_OPTIONS} data-testid="provider-categories" />
        </Form.Item>
      </Space>
    </>
  );
}

/** The venues a new provider brings: code, name, open or not; at least one. */
function VenueFields() {
  return (
    <Form.List name="venues">
      {(fields, { add, remove }) => (
        <div className="provider-venues">
          <div className="provider-venues-head">
            <span>场馆</span>
            <Typography.Text type="secondary">每个场馆由该供应商提供，关闭的场馆会员暂不可进入</Typography.Text>
          </div>
          {fields.map((field, i) => (
            <Space key={field.key} align="baseline" className="provider-venue-row">
              <Form.Item name={[field.name, 'code']} noStyle>
                <Input placeholder="场馆代码" maxLength={PROVIDER_LIMITS.venueCodeMax} style={{ width: 160 }} data-testid={`provider-venue-code-${i}`} />
              </Form.Item>
              <Form.Item name={[field.name, 'name']} noStyle>
                <Input placeholder="场馆名称" maxLength={PROVIDER_LIMITS.venueNameMax} style={{ width: 200 }} data-testid={`provider-venue-name-${i}`} />
              </Form.Item>
              <Form.Item name={[field.name, 'enabled']} valuePropName="checked" noStyle>
                <Switch checkedChildren="开放" unCheckedChildren="关闭" data-testid={`provider-venue-enabled-${i}`} />
              </Form.Item>
              <Button type="text" icon={<DeleteOutlined />} disabled={fields.length <= 1} onClick={() => remove(field.name)} aria-label="删除场馆" />
            </Space>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= PROVIDER_LIMITS.venuesMax} onClick={() => add({ code: '', name: '', enabled: true })} data-testid="provider-venue-add">
            添加场馆
          </Button>
        </div>
      )}
    </Form.List>
  );
}

type NewValues = Omit<NewProviderForm, 'timeout_ms'> & { timeout_ms: number | null };

const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function newFormOf(v: Partial<NewValues>): NewProviderForm {
  return {
    code: trim(v.code),
    name: trim(v.name),
    mode: v.mode ?? 'transfer',
    base_url: trim(v.base_url),
    merchant_id: trim(v.merchant_id),
    key: v.key ?? '',
    timeout_ms: v.timeout_ms ?? Number.NaN,
    categories: v.categories ?? [],
    venues: (v.venues ?? []).map((x: Partial<AdminProviderVenue>) => ({ code: trim(x?.code), name: trim(x?.name), enabled: x?.enabled !== false })),
  };
}

/** 新增供应商: its code, mode, merchant id and key (pasted, or made by the platform), settings and venues. */
export function NewProviderModal({ open, busy, onCancel, onSubmit }: { open: boolean; busy: boolean; onCancel(): void; onSubmit(f: NewProviderForm): void }) {
  const [form] = Form.useForm<NewValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const mode = Form.useWatch('mode', form);
  const submit = submitForm(form, () => {
    const body = newFormOf(form.getFieldsValue(true) as Partial<NewValues>);
    const message = newProviderFailure(body);
    setFailure(message);
    if (!message) onSubmit(body);
  });
  return (
    <FormModal title="新增供应商" open={open} width={760} busy={busy} okText="添加" testId="provider-create" failure={failure} onCancel={onCancel} onOk={submit}>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        className="provider-form"
        initialValues={{ mode: 'transfer', timeout_ms: PROVIDER_LIMITS.timeoutDefaultMs, categories: [], venues: [{ code: '', name: '', enabled: true }] }}
        onValuesChange={() => setFailure(null)}
      >
        <Space size={16} align="start" wrap>
          <Form.Item name="code" label="供应商代码" required extra="创建后不可修改">
            <Input placeholder="如 ACME_GAMING" maxLength={PROVIDER_LIMITS.codeMax} style={{ width: 200 }} data-testid="provider-code" />
          </Form.Item>
          <Form.Item name="mode" label="接入方式" required>
            <Radio.Group options={MODE_OPTIONS} optionType="button" buttonStyle="solid" data-testid="provider-mode" />
          </Form.Item>
          <Form.Item name="merchant_id" label="商户号" required>
            <Input maxLength={PROVIDER_LIMITS.merchantMax} style={{ width: 200 }} data-testid="provider-merchant" />
          </Form.Item>
        </Space>
        <SettingsFields transfer={mode !== 'seamless'} />
        <Form.Item name="key" label="密钥" extra={`留空由平台生成；如供应商已提供密钥，可粘贴（${PROVIDER_LIMITS.keyMin}~${PROVIDER_LIMITS.keyMax}位可见字符）`}>
          <Input.Password placeholder="留空自动生成" autoComplete="new-password" data-testid="provider-key" />
        </Form.Item>
        <VenueFields />
      </Form>
    </FormModal>
  );
}

type EditValues = Omit<ProviderEditForm, 'timeout_ms'> & { timeout_ms: number | null };

/** 编辑: name, base URL, timeout and categories (code, mode and merchant id stay; the key is rotated). */
export function EditProviderModal({ provider, busy, onCancel, onSubmit }: { provider: AdminProvider | null; busy: boolean; onCancel(): void; onSubmit(f: ProviderEditForm): void }) {
  const [form] = Form.useForm<EditValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = submitForm(form, () => {
    const v = form.getFieldsValue(true) as Partial<EditValues>;
    const body: ProviderEditForm = { name: trim(v.name), base_url: trim(v.base_url), timeout_ms: v.timeout_ms ?? Number.NaN, categories: (v.categories ?? []) as GameCategory[] };
    const message = providerEditFailure(body) ?? providerBaseUrlNeeded(provider?.mode, body.base_url);
    setFailure(message);
    if (!message) onSubmit(body);
  });
  return (
    <FormModal title={provider ? `编辑供应商 · ${provider.name}` : '编辑供应商'} open={provider !== null} busy={busy} testId="provider-edit" failure={failure} onCancel={onCancel} onOk={submit}>
      {provider && (
        <Form form={form} layout="vertical" preserve={false} className="provider-form" initialValues={{ name: provider.name, base_url: provider.base_url, timeout_ms: provider.timeout_ms, categories: provider.categories }} onValuesChange={() => setFailure(null)}>
          <Typography.Paragraph type="secondary">
            代码 <b className="mono">{provider.code}</b> · {PROVIDER_MODE_LABELS[provider.mode]} · 商户号 <span className="mono">{provider.merchant_id}</span>
          </Typography.Paragraph>
          <SettingsFields transfer={provider.mode === 'transfer'} />
        </Form>
      )}
    </FormModal>
  );
}

type RotateValues = Omit<ProviderRotateForm, 'overlap_hours'> & { overlap_hours: number | null };

/** 轮换密钥: a new key (made by the platform, or pasted), the old one still accepted for the overlap's hours. */
export function RotateKeyModal({ provider, busy, onCancel, onSubmit }: { provider: AdminProvider | null; busy: boolean; onCancel(): void; onSubmit(f: ProviderRotateForm): void }) {
  const [form] = Form.useForm<RotateValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = submitForm(form, () => {
    const v = form.getFieldsValue(true) as Partial<RotateValues>;
    const body: ProviderRotateForm = { overlap_hours: v.overlap_hours ?? Number.NaN, key: v.key ?? '' };
    const message = providerRotateFailure(body);
    setFailure(message);
    if (!message) onSubmit(body);
  });
  return (
    <FormModal title={provider ? `轮换密钥 · ${provider.name}` : '轮换密钥'} open={provider !== null} width={560} busy={busy} okText="轮换" testId="provider-rotate" failure={failure} onCancel={onCancel} onOk={submit}>
      {provider && (
        <Form form={form} layout="vertical" preserve={false} initialValues={{ overlap_hours: PROVIDER_LIMITS.overlapDefaultHours }} onValuesChange={() => setFailure(null)}>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={`当前密钥 ${provider.key} 将成为旧密钥：在保留期内，用新旧密钥签名的请求都会被接受；保留期结束后只接受新密钥。请在保留期内把新密钥交给供应商。`}
          />
          <Form.Item name="overlap_hours" label="旧密钥保留时长（小时）" extra={`0~${PROVIDER_LIMITS.overlapMaxHours} 小时；0 表示旧密钥立即失效`}>
            <InputNumber min={0} max={PROVIDER_LIMITS.overlapMaxHours} precision={0} style={{ width: 160 }} data-testid="provider-overlap" />
          </Form.Item>
          <Form.Item name="key" label="新密钥" extra="留空由平台生成；如供应商已提供新密钥，可粘贴">
            <Input.Password placeholder="留空自动生成" autoComplete="new-password" data-testid="provider-rotate-key" />
          </Form.Item>
        </Form>
      )}
    </FormModal>
  );
}

/** The one view of a key, after adding a provider or rotating its key: copy it now, it is never shown again. */
export function KeyOnceModal({ shown, onClose }: { shown: { title: string; provider: string; key: string } | null; onClose(): void }) {
  return (
    <Modal
      title={shown?.title}
      open={shown !== null}
      width={620}
      okText="我已保存密钥"
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okButtonProps={{ 'data-testid': 'provider-key-done' } as ButtonProps}
      maskClosable={false}
      destroyOnHidden
    >
      {shown && (
        <>
          <Alert type="warning" showIcon message={PROVIDER_MSG.keyOnce} style={{ marginBottom: 16 }} data-testid="provider-key-warning" />
          <Typography.Text type="secondary">{shown.provider} 的密钥</Typography.Text>
          <Typography.Paragraph copyable={{ text: shown.key, tooltips: ['复制', '已复制'] }} className="provider-key-once" data-testid="provider-key-once">
            {shown.key}
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
