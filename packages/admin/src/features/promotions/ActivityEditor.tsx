import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Divider, Drawer, Form, Input, InputNumber, Row, Select, Space, Spin, Switch, Tabs } from 'antd';
import {
  activityFormFailure,
  activityRulesFailure,
  PROMO_ADMIN_LIMITS,
  type ActivityForm,
  type ActivityRulesForm,
} from '@app/contract';
import { useAction } from '../../shared/useAction';
import { ImageUpload } from '../../shared/components/ImageUpload';
import { promotionApi, promotionKeys } from './api';
import { HtmlPreview } from './HtmlPreview';
import { DEFAULT_RULES, RulesFields } from './RulesFields';

interface Values extends Omit<ActivityForm, 'rules'> {
  takes_applications: boolean;
  rules: ActivityRulesForm;
}

const EMPTY: Values = { type_id: 0, title: '', banner: '', content: '', memo: '', enabled: true, sort: 0, takes_applications: true, rules: DEFAULT_RULES };

/**
 * The activity editor (新增 / 编辑): type, title, banner (uploaded to /admin/api/uploads with the staff
 * token, previewed), content and rules text as HTML with a preview of what the server keeps, and the
 * application rules (RulesFields). The contract's checks run before sending; the server runs them again.
 * `id` null: a new activity; undefined: closed.
 */
export function ActivityEditor({ id, editable, onClose }: { id: number | null | undefined; editable: boolean; onClose(): void }) {
  const open = id !== undefined;
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const client = useQueryClient();
  const types = useQuery({ queryKey: promotionKeys.types, queryFn: promotionApi.types, enabled: open });
  const detail = useQuery({ queryKey: promotionKeys.activity(id ?? 0), queryFn: () => promotionApi.activity(id!), enabled: open && id !== null });

  useEffect(() => {
    if (!open) return;
    if (id === null) form.setFieldsValue({ ...EMPTY, type_id: types.data?.[0]?.id ?? 0 });
    else if (detail.data) {
      const d = detail.data;
      form.setFieldsValue({ type_id: d.type_id, title: d.title, banner: d.banner, content: d.content, memo: d.memo, enabled: d.enabled, sort: d.sort, takes_applications: d.rules !== null, rules: d.rules ?? DEFAULT_RULES });
    }
  }, [open, id, detail.data, types.data, form]);

  const save = useAction(
    (v: ActivityForm) => (id ? promotionApi.updateActivity(id, v) : promotionApi.createActivity(v)),
    [promotionKeys.activities, promotionKeys.types],
    (saved) => {
      client.setQueryData(promotionKeys.activity(saved.id), saved);
      onClose();
    },
  );

  const submit = async () => {
    const v = form.getFieldsValue(true) as Values;
    const body: ActivityForm = { type_id: v.type_id, title: v.title, banner: v.banner, content: v.content, memo: v.memo ?? '', enabled: v.enabled, sort: v.sort ?? 0, rules: v.takes_applications ? v.rules : null };
    const failure = activityFormFailure(body) ?? (body.rules ? activityRulesFailure(body.rules) : null);
    if (failure) return void message.error(failure);
    save.mutate(body);
  };

  const takes = Form.useWatch('takes_applications', form);
  const loading = open && id !== null && detail.isLoading;

  return (
    <Drawer
      title={id ? '编辑活动' : '新增活动'}
      width={760}
      open={open}
      onClose={onClose}
      destroyOnHidden
      extra={
        editable && (
          <Space>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" loading={save.isPending} onClick={submit} data-testid="activity-save">
              保存
            </Button>
          </Space>
        )
      }
    >
      {loading ? (
        <Spin style={{ display: 'block', margin: '80px auto' }} />
      ) : (
        <Form form={form} layout="vertical" initialValues={EMPTY} disabled={!editable} className="activity-editor">
          <Row gutter={12}>
            <Col span={8}>
              <Form.Item name="type_id" label="活动类型" required>
                <Select options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))} data-testid="activity-type" />
              </Form.Item>
            </Col>
            <Col span={16}>
              <Form.Item name="title" label="活动标题" required>
                <Input maxLength={PROMO_ADMIN_LIMITS.titleMax} showCount data-testid="activity-title" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="banner" label="活动图片" required extra="PNG、JPG、WEBP、GIF，不超过2MB；会员端活动列表与详情页顶部显示">
            <ImageUpload testId="banner" box={{ width: 240, minHeight: 96 }} image={{ width: 232, alt: '活动图片' }} />
          </Form.Item>
          <Tabs
            items={[
              { key: 'content', label: '活动内容', forceRender: true, children: <HtmlField name="content" testId="activity-content" /> },
              { key: 'memo', label: '活动规则说明', forceRender: true, children: <HtmlField name="memo" testId="activity-memo" /> },
            ]}
          />
          <Row gutter={12}>
            <Col span={8}>
              <Form.Item name="enabled" label="上架" valuePropName="checked">
                <Switch data-testid="activity-enabled" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="sort" label="排序（小的在前）">
                <InputNumber min={0} max={PROMO_ADMIN_LIMITS.sortMax} precision={0} style={{ width: '100%' }} data-testid="activity-sort" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="takes_applications" label="接受会员申请" valuePropName="checked" tooltip="关闭后会员点击“立即申请”将提示无需申请（如由其他功能发放的奖励）">
                <Switch data-testid="activity-takes-applications" />
              </Form.Item>
            </Col>
          </Row>
          {takes && (
            <>
              <Divider orientation="left" plain>
                申请规则
              </Divider>
              <RulesFields disabled={!editable} />
            </>
          )}
        </Form>
      )}
    </Drawer>
  );
}

/** An HTML text area beside the preview of what members will see. */
function HtmlField({ name, testId }: { name: 'content' | 'memo'; testId: string }) {
  const html = (Form.useWatch(name) as string | undefined) ?? '';
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Form.Item name={name} extra="HTML：保存时仅保留 p、b、strong、h3、ul、ol、li、br（不带属性）">
          <Input.TextArea rows={10} maxLength={PROMO_ADMIN_LIMITS.htmlMax} data-testid={testId} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <HtmlPreview html={html} />
      </Col>
    </Row>
  );
}
