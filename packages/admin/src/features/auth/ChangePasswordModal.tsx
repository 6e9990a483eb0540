import { Modal } from 'antd';
import { ChangePasswordForm } from './ChangePasswordForm';

/** The signed-in staff member's own password, from the account menu (修改密码). */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Modal title="修改密码" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <ChangePasswordForm onDone={onClose} />
    </Modal>
  );
}
