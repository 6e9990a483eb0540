import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Popconfirm, Row, Select, Space, Spin, Switch, Tag, Typography } from 'antd';
import {
  normalizeHost,
  SITE_ADMIN_LIMITS as L,
  SITE_FIELD_LABELS as LABEL,
  siteMaintenanceFailure,
  siteSettingsFailures,
  type AdminSiteSettings,
  type SiteSettingsForm,
} from '@app/contract';
import { useAuth } from '../../shared/auth';
import { useAction } from '../../shared/useAction';
import { ImageUpload } from '../../shared/components/ImageUpload';
import { siteApi, siteKeys } from './api';
import './site.css';

type Field = keyof SiteSettingsForm;

/**
 * 站点设置: the maintenance switch (its own call, asked first), then the settings as
 * one form in sections, checked as typed by the contract's rules (the server runs the same), saved
 * from the sticky bar. The member app reads them at once (/api/app, user info, the CSP's frame-src).
 */
export default function SitePage() {
  const { can } = useAuth();
  const editable = can('site.manage');
  const loaded = useQuery({ queryKey: siteKeys.settings, queryFn: siteApi.settings });
  if (loaded.isLoading || !loaded.data) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return (
    <div className="site-page">
      {!editable && <Alert type="info" showIcon style={{ marginBottom: 16 }} message="当前角色只能查看站点设置" data-testid="site-readonly" />}
      <MaintenanceCard info={loaded.data} editable={editable} />
      <SettingsCard info={loaded.data} editable={editable} />
    </div>
  );
}

function MaintenanceCard({ info, editable }: { info: AdminSiteSettings; editable: boolean }) {
  const { modal } = App.useApp();
  const client = useQueryClient();
  const [tips, setTips] = useState<string | null>(null);
  const shown = tips ?? info.maintenance.repair_tips;
  const failure = siteMaintenanceFailure({ repair_tips: shown.trim() });
  const on = info.maintenance.on;
  const act = useAction(siteApi.maintenance, [siteKeys.settings], (saved) => {
    client.setQueryData(siteKeys.settings, saved);
    setTips(null);
  });
  const toggle = (next: boolean) => {
    if (next && failure) return;
    modal.confirm({
      title: next ? '开启维护模式？' : '关闭维护模式？',
      content: next ? `开启后会员端立即进入维护页面并显示维护提示，除站点信息外的会员接口均暂停服务：“${shown.trim()}”` : '关闭后会员端立即恢复正常访问。',
      okText: next ? '开启维护' : '关闭维护',
      okButtonProps: { danger: next, ...({ 'data-testid': 'maintenance-confirm' } as object) },
      cancelText: '取消',
      onOk: () => act.mutateAsync({ on: next, repair_tips: shown.trim() }),
    });
  };
  return (
    <Card
      title="维护模式"
      className="site-card"
      extra={
        on ? (
          <Tag color="red" data-testid="maintenance-state">维护中：会员端显示维护页面</Tag>
        ) : (
          <Tag color="green" data-testid="maintenance-state">正常运行</Tag>
        )
      }
    >
      <Row gutter={24} align="middle">
        <Col flex="none">
          <Space>
            <Switch checked={on} disabled={!editable || (!on && !!failure)} loading={act.isPending} onChange={toggle} data-testid="maintenance-switch" />
            <span>{on ? '维护中' : '未开启'}</span>
          </Space>
        </Col>
        <Col flex="auto">
          <Form.Item label="维护提示" validateStatus={failure ? 'error' : ''} help={failure ?? '会员端维护页面显示的文字'} style={{ marginBottom: 0 }}>
            <Input.TextArea
              value={shown}
              onChange={(e) => setTips(e.target.value)}
              maxLength={L.repairTipsMax + 20}
              autoSize={{ minRows: 2, maxRows: 4 }}
              disabled={!editable}
              data-testid="maintenance-tips"
            />
          </Form.Item>
        </Col>
        {editable && on && (
          <Col flex="none">
            <Button disabled={tips === null || tips.trim() === info.maintenance.repair_tips || !!failure} loading={act.isPending} onClick={() => act.mutate({ on: true, repair_tips: shown.trim() })} data-testid="maintenance-tips-save">
              更新提示
            </Button>
          </Col>
        )}
      </Row>
    </Card>
  );
}

function SettingsCard({ info, editable }: { info: AdminSiteSettings; editable: boolean }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<SiteSettingsForm | null>(null);
  const save = useAction(siteApi.save, [siteKeys.settings], (saved) => {
    client.setQueryData(siteKeys.settings, saved);
    setDraft(null);
  });
  const form = draft ?? info.settings;
  const changed = draft !== null && JSON.stringify(draft) !== JSON.stringify(info.settings);
  const failures = draft ? siteSettingsFailures(trimmed(form)) : {};
  const first = Object.values(failures)[0] ?? null;
  const set = (patch: Partial<Record<Field, unknown>>) => setDraft({ ...form, ...patch } as SiteSettingsForm);

  /** A form item with its rule's message under it as typed. */
  const item = (field: Field, control: ReactNode, extra?: ReactNode, label = LABEL[field]) => (
    <Form.Item label={label} validateStatus={failures[field] ? 'error' : ''} help={failures[field]} extra={extra}>
      {control}
    </Form.Item>
  );
  const text = (field: Field, extra?: ReactNode, placeholder?: string) =>
    item(field, <Input value={form[field] as string} onChange={(e) => set({ [field]: e.target.value })} placeholder={placeholder} data-testid={`site-${field}`} />, extra);
  const number = (field: Field, suffix: string, min: number) =>
    item(
      field,
      <InputNumber
        value={form[field] as number}
        min={min}
        max={L.rateMax}
        step={0.01}
        precision={undefined}
        onChange={(v) => set({ [field]: v ?? '' })}
        addonAfter={suffix}
        style={{ width: 220 }}
        data-testid={`site-${field}`}
      />,
    );
  const flag = (field: 'redpacket_switch' | 'trial_switch' | 'index_modal', extra: string, label?: string) =>
    item(field, <Switch checked={form[field] === 1} onChange={(v) => set({ [field]: v ? 1 : 0 })} data-testid={`site-${field}`} />, extra, label);

  return (
    <Card
      title="站点设置"
      className="site-card"
      extra={<span className="muted" data-testid="site-updated">最后保存：{info.updated_at || '—'}</span>}
    >
      <Form layout="vertical" disabled={!editable} className="site-form">
        <Section title="基本信息">
          <Row gutter={24}>
            <Col span={8}>{text('title', `1~${L.titleMax}个字符，会员端顶部、页面标题与版权处显示`)}</Col>
            <Col span={8}>{flag('redpacket_switch', '关闭后会员领取红包时提示“红包已关闭”')}</Col>
            <Col span={8}>{flag('trial_switch', '关闭后登录页不再显示“免费试玩”，试玩登录提示“试玩账号暂不可用”')}</Col>
          </Row>
          {item('site_logo', <ImageUpload value={form.site_logo} onChange={(v) => set({ site_logo: v })} testId="site-logo" editable={editable} box={{ minWidth: 120, height: 80 }} image={{ height: 72 }} />, 'PNG、JPG、WEBP、GIF，不超过2MB；会员端顶部、侧边菜单、登录页显示')}
        </Section>
        <Section title="首页弹窗">
          {flag('index_modal', '开启后会员每次打开网站时在首页弹出一次', '显示弹窗')}
          {item(
            'webcontent',
            <Input.TextArea value={form.webcontent} onChange={(e) => set({ webcontent: e.target.value })} autoSize={{ minRows: 4, maxRows: 10 }} data-testid="site-webcontent" />,
            '可用 HTML：p、b、strong、h3、ul、ol、li、br（保存时去掉其他标签与全部属性，会员端原样显示净化后的内容）',
          )}
        </Section>
        <Section title="客服与链接">
          <Row gutter={24}>
            <Col span={12}>{text('service_url', '留空使用内置在线客服（客服台在“在线客服”页接待）；填写则嵌入外部客服：站内路径（/ 开头）或 https 地址（其域名须在下方允许嵌入的域名中）')}</Col>
            <Col span={12}>{text('visit_url', '可留空（会员端留在本站）', '留空')}</Col>
            <Col span={12}>{text('sponsor_url_1', '会员端“赞助”第一项（/zhanzhuye?type=1）嵌入的页面：站内路径（/ 开头）或允许嵌入域名的 https 地址；留空显示内置页面', '留空使用内置页面')}</Col>
            <Col span={12}>{text('sponsor_url_2', '会员端“赞助”第二项（/zhanzhuye?type=2）嵌入的页面，规则同上；留空显示内置页面', '留空使用内置页面')}</Col>
            <Col span={12}>{text('h5_url', '会员端网址（下载页二维码在无 iOS 地址时使用）')}</Col>
          </Row>
        </Section>
        <Section title="APP下载">
          <Row gutter={24}>
            <Col span={12}>{text('ios_download_url', '可留空（会员点击时提示暂未开放）', '留空')}</Col>
            <Col span={12}>{text('android_download_url', '可留空（会员点击时提示暂未开放）', '留空')}</Col>
          </Row>
          {item(
            'ios_download_qrcode',
            <ImageUpload value={form.ios_download_qrcode} onChange={(v) => set({ ios_download_qrcode: v })} testId="site-qrcode" editable={editable} clearable box={{ minWidth: 120, height: 80 }} image={{ height: 72 }} />,
            '可不上传：下载页按下载地址生成二维码',
          )}
        </Section>
        <Section title="USDT">
          <Row gutter={24}>
            <Col span={6}>{number('usdt_rate', '元/USDT', 0)}</Col>
            <Col span={6}>{number('withdraw_usdt_rate', '元/USDT', 0)}</Col>
            <Col span={6}>{number('withdraw_fee_erc20', 'USDT', 0)}</Col>
            <Col span={6}>{number('withdraw_fee_trc20', 'USDT', 0)}</Col>
          </Row>
          <Typography.Text type="secondary">汇率大于0，手续费不小于0，最多{L.rateDecimals}位小数；存款汇率用于 USDT 存款折算，提现汇率与手续费用于 USDT 提现，会员端即时生效。</Typography.Text>
        </Section>
        <Section title="允许嵌入的域名">
          {item(
            'frame_hosts',
            <Select
              mode="tags"
              value={form.frame_hosts}
              onChange={(v: string[]) => set({ frame_hosts: v.map(normalizeHost).filter(Boolean) })}
              tokenSeparators={[',', ' ', '，']}
              open={false}
              suffixIcon={null}
              placeholder="输入域名后按回车，如 partner.example.com"
              style={{ maxWidth: 720 }}
              data-testid="site-frame_hosts"
            />,
            `会员端活动横幅链接、客服与赞助页面可嵌入这些域名的 https 页面（本站页面始终可嵌入），网站的内容安全策略（frame-src）同步更新；最多${L.frameHostsMax}个`,
          )}
        </Section>
      </Form>
      {editable && (
        <div className="sticky-actions">
          {first ? (
            <Typography.Text type="danger" data-testid="site-failure">
              {first}
            </Typography.Text>
          ) : (
            <Typography.Text type={changed ? 'warning' : 'secondary'} data-testid="site-changed">
              {changed ? '设置已修改，尚未保存' : '没有未保存的修改'}
            </Typography.Text>
          )}
          <Space>
            <Button disabled={!draft} onClick={() => setDraft(null)}>
              撤销修改
            </Button>
            <Popconfirm title="保存后会员端立即生效，确认保存？" okText="保存" cancelText="取消" disabled={!changed || first !== null} onConfirm={() => save.mutate(trimmed(form))}>
              <Button type="primary" disabled={!changed || first !== null} loading={save.isPending} data-testid="site-save">
                保存设置
              </Button>
            </Popconfirm>
          </Space>
        </div>
      )}
    </Card>
  );
}

/** What is sent (and checked): text fields trimmed as the server trims them. */
function trimmed(f: SiteSettingsForm): SiteSettingsForm {
  const out = { ...f };
  for (const [k, v] of Object.entries(out)) if (typeof v === 'string') (out as Record<string, unknown>)[k] = v.trim();
  return out;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="site-section" data-testid={`site-section-${title}`}>
      <h3 className="site-section-title">{title}</h3>
      {children}
    </section>
  );
}

