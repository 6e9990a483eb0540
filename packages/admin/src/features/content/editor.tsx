import type { ReactNode } from 'react';
import type { ButtonProps, FormInstance } from 'antd';
import { App, Button, Form, InputNumber, Modal, Popconfirm, Space, Switch } from 'antd';
import { CONTENT_LIMITS } from '@app/contract';

/**
 * What the content editors share: the save that checks the form by the contract's own rule before
 * sending (the refusal's text at once, the same the server would answer), the modal around a form,
 * the 排序 + 显示 row, and a row's 编辑 / 删除 buttons.
 */

/**
 * A submit for `form`: its values made into the body (`toBody`: trimmed, defaults filled), the
 * contract's `failureOf` shown as the refusal, else `send(body)`.
 */
export function useCheckedSubmit<V, B>(form: FormInstance<V>, toBody: (v: V) => B, failureOf: (body: B) => string | null, send: (body: B) => void): () => void {
  const { message } = App.useApp();
  return () => {
    const body = toBody(form.getFieldsValue(true) as V);
    const failure = failureOf(body);
    if (failure) return void message.error(failure);
    send(body);
  };
}

/** A content editor's modal: 保存 / 取消, the save's spinner, no footer when only read. */
export function EditorModal({
  title,
  open,
  width = 620,
  saving,
  readOnly = false,
  saveTestId,
  onSave,
  onClose,
  children,
}: {
  title: string;
  open: boolean;
  width?: number;
  saving: boolean;
  readOnly?: boolean;
  saveTestId: string;
  onSave(): void;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <Modal
      title={title}
      open={open}
      width={width}
      onCancel={onClose}
      onOk={onSave}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      footer={readOnly ? null : undefined}
      destroyOnHidden
      okButtonProps={{ 'data-testid': saveTestId } as ButtonProps}
    >
      {children}
    </Modal>
  );
}

/** The 排序（小的在前） number and the 显示 switch of an entry, side by side (`visible`: the switch's field). */
export function SortAndVisible({ testPrefix, visible = 'enabled', children }: { testPrefix: string; visible?: string; children?: ReactNode }) {
  return (
    <Space size={32}>
      <Form.Item name="sort" label="排序（小的在前）">
        <InputNumber min={0} max={CONTENT_LIMITS.sortMax} precision={0} data-testid={`${testPrefix}-sort`} />
      </Form.Item>
      {children}
      <Form.Item name={visible} label="显示" valuePropName="checked">
        <Switch data-testid={`${testPrefix}-visible`} />
      </Form.Item>
    </Space>
  );
}

/** A row's 编辑 (查看 when only read) and, for staff who may change content, 删除 behind a confirmation. */
export function EditDeleteActions({ editable, testPrefix, id, what, onEdit, onDelete }: { editable: boolean; testPrefix: string; id: number; what: string; onEdit(): void; onDelete(): void }) {
  return (
    <Space>
      <Button size="small" onClick={onEdit} data-testid={`${testPrefix}-edit-${id}`}>
        {editable ? '编辑' : '查看'}
      </Button>
      {editable && (
        <Popconfirm title={`删除这${what}？`} okText="删除" okButtonProps={{ danger: true }} cancelText="取消" onConfirm={onDelete}>
          <Button size="small" danger data-testid={`${testPrefix}-delete-${id}`}>
            删除
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
