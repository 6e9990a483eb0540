import { useEffect, useState, type ReactNode } from 'react';
import { Button, DatePicker, Input, List, Toast } from 'antd-mobile';
import { CalendarOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { BIRTHDAY_MIN, DATE_RE, LIMITS, MSG, profileRules } from '@app/contract';
import { FieldErrorsScope, FieldMessage, refusalFields, useFieldError, useFieldErrors, type FieldError } from '../../../shared/components/FieldErrors';
import { Page } from '../../../shared/components/Page';
import { userKey, useUser } from '../../../shared/auth/session';
import { updateUserInfo } from '../api';
import { failureMessage } from '../../../shared/api/client';
import { AvatarPicker } from '../components/AvatarPicker';
import '../components/profile.css';

const DATE_FORMAT = 'YYYY-MM-DD';
/** The server's refusals that are about one field (it runs the same rules), shown under it. */
const REFUSED_FIELD = refusalFields(profileRules);

/** One editable row of 联系方式: label, right-aligned input, the optional button, its error under it. */
function InfoField({ name, label, value, extra, children }: { name: string; label: string; value: string; extra?: ReactNode; children: (error: FieldError) => ReactNode }) {
  const error = useFieldError(name, value);
  return (
    <List.Item className={error.message ? 'field-invalid' : undefined} prefix={<span className="password-label">{label}</span>} extra={extra}>
      {children(error)}
      <FieldMessage error={error} />
    </List.Item>
  );
}

/** /userInfo (spec §2, §5): username and real name read-only; mobile, email, birthday, avatar editable. */
export default function UserInfo() {
  const qc = useQueryClient();
  const { data: user } = useUser();
  const [mobile, setMobile] = useState('');
  const [email, setEmail] = useState('');
  const [birthday, setBirthday] = useState('');
  const [picking, setPicking] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const errors = useFieldErrors();

  useEffect(() => {
    if (!user || loaded) return;
    setMobile(user.mobile ?? '');
    setEmail(user.email ?? '');
    setBirthday(user.birthday ?? '');
    setLoaded(true);
  }, [user, loaded]);

  const save = async () => {
    const input = { mobile: mobile.trim(), email: email.trim(), birthday: birthday.trim() };
    if (!errors.check(input, profileRules)) return;
    try {
      const fresh = await updateUserInfo(input);
      if (fresh && typeof fresh === 'object') qc.setQueryData(userKey, fresh);
      Toast.show({ icon: 'success', content: MSG.ok });
      await qc.invalidateQueries({ queryKey: userKey });
    } catch (e) {
      errors.refuse(failureMessage(e), REFUSED_FIELD);
    }
  };

  const today = new Date();
  const picked = DATE_RE.test(birthday) && dayjs(birthday).isValid() ? dayjs(birthday).toDate() : undefined;

  return (
    <Page title="个人资料">
      <AvatarPicker src={user?.avatar ?? ''} />
      <div className="profile-section-title">基本信息</div>
      <div className="profile-section">
        <List>
          <List.Item extra={<span className="profile-readonly" data-testid="info-username">{user?.username ?? ''}</span>}>用户名</List.Item>
          <List.Item extra={<span className="profile-readonly" data-testid="info-realname">{user?.realname ?? ''}</span>}>真实姓名</List.Item>
        </List>
      </div>
      <FieldErrorsScope errors={errors}>
        <div className="profile-section-title">联系方式</div>
        <div className="profile-section">
          <List>
            <InfoField name="mobile" label="手机号" value={mobile}>
              {(error) => <Input ref={error.inputRef} className="profile-input" name="mobile" data-testid="field-mobile" placeholder="请输入手机号" value={mobile} onChange={setMobile} maxLength={LIMITS.mobileMax} type="tel" clearable />}
            </InfoField>
            <InfoField name="email" label="邮箱" value={email}>
              {(error) => <Input ref={error.inputRef} className="profile-input" name="email" data-testid="field-email" placeholder="请输入邮箱" value={email} onChange={setEmail} maxLength={LIMITS.emailMax} type="email" clearable />}
            </InfoField>
            <InfoField
              name="birthday"
              label="生日"
              value={birthday}
              extra={
                <button type="button" className="userinfo-calendar" aria-label="选择生日" data-testid="birthday-pick" onClick={() => setPicking(true)}>
                  <CalendarOutline />
                </button>
              }
            >
              {(error) => <Input ref={error.inputRef} className="profile-input" name="birthday" data-testid="field-birthday" placeholder={DATE_FORMAT} value={birthday} onChange={setBirthday} maxLength={10} />}
            </InfoField>
          </List>
        </div>
      </FieldErrorsScope>
      <DatePicker
        title="选择生日"
        visible={picking}
        onClose={() => setPicking(false)}
        min={dayjs(BIRTHDAY_MIN).toDate()}
        max={today}
        defaultValue={picked ?? dayjs('1990-01-01').toDate()}
        value={picked}
        precision="day"
        renderLabel={(type, data) => (type === 'year' ? `${data}年` : type === 'month' ? `${data}月` : `${data}日`)}
        onConfirm={(d) => setBirthday(dayjs(d).format(DATE_FORMAT))}
      />
      <div className="profile-actions">
        <Button block color="primary" shape="rounded" className="profile-primary" data-testid="info-save" onClick={() => void save()}>
          保存
        </Button>
      </div>
    </Page>
  );
}
