import { Alert, Col, DatePicker, Form, InputNumber, Row, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import {
  activityRulesFailure,
  autoApprovable,
  describeRules,
  ELIGIBILITIES,
  ELIGIBILITY_LABELS,
  FREQUENCIES,
  FREQUENCY_LABELS,
  PAYOUT_LABELS,
  PAYOUTS,
  PROMO_LIMITS,
  rulesFromForm,
  type ActivityRulesForm,
} from '@app/contract';

/** A new activity's rules before staff change them: everyone, once, a fixed bonus with 1× turnover. */
export const DEFAULT_RULES: ActivityRulesForm = {
  eligibility: 'all',
  days: 1,
  min_amount: 100,
  frequency: 'once',
  payout: 'fixed',
  amount: 8,
  percent: 100,
  cap: 888,
  turnover_multiple: 1,
  auto_approve: false,
  stack_with_others: false,
  ends_at: '',
};

const WIRE_TIME = 'YYYY-MM-DD HH:mm:ss';
const options = <K extends string>(keys: readonly K[], labels: Record<K, string>) => keys.map((k) => ({ value: k, label: labels[k] }));

/**
 * The application rules inside the activity editor (form field `rules`): each kind's own fields only
 * (a window and threshold for the windowed eligibilities, a percent and cap for percent bonuses), and
 * below them the contract's own check as typed (activityRulesFailure) or the one-line summary the list
 * will show (describeRules) — the same rule the server applies on save.
 */
export function RulesFields({ disabled }: { disabled: boolean }) {
  const form = Form.useFormInstance();
  const rules = (Form.useWatch('rules', form) ?? DEFAULT_RULES) as ActivityRulesForm;
  const windowed = rules.eligibility === 'min_deposit' || rules.eligibility === 'min_turnover';
  const percent = rules.payout === 'deposit_percent';
  const failure = activityRulesFailure(rules);
  return (
    <>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name={['rules', 'eligibility']} label="参与条件">
            <Select options={options(ELIGIBILITIES, ELIGIBILITY_LABELS)} disabled={disabled} data-testid="rules-eligibility" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name={['rules', 'frequency']} label="申请频率">
            <Select options={options(FREQUENCIES, FREQUENCY_LABELS)} disabled={disabled} data-testid="rules-frequency" />
          </Form.Item>
        </Col>
      </Row>
      {windowed && (
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name={['rules', 'days']} label="统计天数（含今日）">
              <InputNumber min={1} max={PROMO_LIMITS.daysMax} precision={0} addonAfter="天" style={{ width: '100%' }} disabled={disabled} data-testid="rules-days" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name={['rules', 'min_amount']} label={rules.eligibility === 'min_deposit' ? '累计存款达到' : '有效投注达到'}>
              <InputNumber min={0} precision={2} addonAfter="元" style={{ width: '100%' }} disabled={disabled} data-testid="rules-min-amount" />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name={['rules', 'payout']} label="彩金方式">
            <Select options={options(PAYOUTS, PAYOUT_LABELS)} disabled={disabled} data-testid="rules-payout" />
          </Form.Item>
        </Col>
        {percent ? (
          <>
            <Col span={6}>
              <Form.Item name={['rules', 'percent']} label="存款比例">
                <InputNumber min={1} max={PROMO_LIMITS.percentMax} precision={0} addonAfter="%" style={{ width: '100%' }} disabled={disabled} data-testid="rules-percent" />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name={['rules', 'cap']} label="最高">
                <InputNumber min={0} precision={2} addonAfter="元" style={{ width: '100%' }} disabled={disabled} data-testid="rules-cap" />
              </Form.Item>
            </Col>
          </>
        ) : (
          <Col span={12}>
            <Form.Item name={['rules', 'amount']} label="固定彩金">
              <InputNumber min={0} precision={2} addonAfter="元" style={{ width: '100%' }} disabled={disabled} data-testid="rules-amount" />
            </Form.Item>
          </Col>
        )}
      </Row>
      {percent && (
        <Form.Item
          name={['rules', 'stack_with_others']}
          label="可与其他存款优惠同享"
          valuePropName="checked"
          tooltip="开启后，已用于另一个同样可同享活动的存款，也可申请本活动的彩金；默认一笔存款只对应一个存款优惠"
        >
          <Switch disabled={disabled} data-testid="rules-stack" />
        </Form.Item>
      )}
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item name={['rules', 'turnover_multiple']} label="流水倍数">
            <InputNumber min={1} max={PROMO_LIMITS.multipleMax} precision={0} addonAfter="倍" style={{ width: '100%' }} disabled={disabled} data-testid="rules-multiple" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name={['rules', 'auto_approve']} label="自动通过" valuePropName="checked" tooltip="条件由系统判断，申请即发放彩金，无需人工审核">
            <Switch disabled={disabled || !autoApprovable(rules.eligibility)} data-testid="rules-auto" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name={['rules', 'ends_at']}
            label="截止时间（北京）"
            getValueProps={(v: string) => ({ value: v ? dayjs(v, WIRE_TIME) : null })}
            normalize={(d: dayjs.Dayjs | null) => (d ? d.format(WIRE_TIME) : '')}
          >
            <DatePicker showTime format={WIRE_TIME} placeholder="长期有效" style={{ width: '100%' }} disabled={disabled} data-testid="rules-ends-at" />
          </Form.Item>
        </Col>
      </Row>
      {failure ? (
        <Alert type="error" showIcon message={failure} data-testid="rules-failure" />
      ) : (
        <Alert type="info" showIcon message={describeRules(rulesFromForm(rules))} data-testid="rules-preview" />
      )}
    </>
  );
}
