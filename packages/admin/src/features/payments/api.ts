/** The QR image upload of a receiving account (POST /admin/api/receiving-accounts/qr, payments.write). */
export const QR_UPLOAD_ACTION = '/admin/api/receiving-accounts/qr';
