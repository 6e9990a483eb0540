import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { CARD_TYPE, LIMITS, MSG, USDT_BANK, usdtCardRules, type BindCardInput, type UsdtNetwork } from '@app/contract';
import { FieldErrorsScope, refusalFields, useFieldErrors } from '../../../shared/components/FieldErrors';
import { Page } from '../../../shared/components/Page';
import { useGo } from '../../../shared/hooks/useGo';
import { needsPayPassword, usePayPasswordGate } from '../../../shared/auth/payPassword';
import { useBindCard } from '../api';
import { previewAddress, UsdtCardFace } from '../components/CardFaces';
import { PayPasswordField, TextField } from '../components/fields';
import { NetworkChoice } from '../components/NetworkChoice';
import { SafetyNote } from '../components/SafetyNote';
import { useBindDone } from '../components/useBindDone';
import { failureMessage } from '../../../shared/api/client';
import '../components/cards.css';

const PLACEHOLDERS: Record<UsdtNetwork, string> = {
  TRC20: '请输入T开头的TRC20地址',
  ERC20: '请输入0x开头的ERC20地址',
};

/** The server's refusals that are about one field (it runs the same rules, and checks the payment password and a duplicate), shown under it. */
const REFUSED_FIELD = refusalFields(usdtCardRules, {}, { [MSG.payPasswordWrong]: 'pay_pass', [MSG.cardDuplicate]: 'bank_no' });

/** /addUsdtCard (spec §2, §5 USDT binding): protocol (TRC20 by default), address, payment password. */
export default function AddUsdtCard() {
  const [network, setNetwork] = useState<UsdtNetwork>('TRC20');
  const [address, setAddress] = useState('');
  const [payPass, setPayPass] = useState('');
  const bind = useBindCard();
  const errors = useFieldErrors();
  const done = useBindDone(CARD_TYPE.usdt);
  // DESIGN §4: no payment password of its own yet → set it first, then back here.
  const toSetup = usePayPasswordGate();
  const go = useGo();

  const submit = async () => {
    if (bind.isPending) return;
    const input: BindCardInput = { bank: USDT_BANK, bank_owner: network, bank_no: address.trim(), bank_address: '', pay_pass: payPass };
    if (!errors.check(input, usdtCardRules)) return;
    try {
      await bind.mutateAsync(input);
      done();
    } catch (e) {
      if (needsPayPassword(e)) {
        toSetup();
        return;
      }
      errors.refuse(failureMessage(e), REFUSED_FIELD);
    }
  };

  return (
    <Page title="添加USDT地址" className="cards-page">
      <div className="cards-preview">
        <UsdtCardFace network={network} address={previewAddress(address, network)} testId="usdt-preview" />
      </div>
      <div className="cards-section-title cards-section-title-row">
        <span>钱包协议</span>
        <button type="button" className="cards-help" data-testid="usdt-help" onClick={() => go('/usdtmore')}>
          <QuestionCircleOutline /> 如何选择协议？
        </button>
      </div>
      <NetworkChoice value={network} onChange={setNetwork} />
      <div className="cards-section-title">地址信息</div>
      <div className="cards-form">
        <FieldErrorsScope errors={errors}>
          <List>
            <TextField name="bank_no" label="USDT地址" placeholder={PLACEHOLDERS[network]} value={address} onChange={setAddress} maxLength={64} />
            <PayPasswordField value={payPass} onChange={setPayPass} />
          </List>
        </FieldErrorsScope>
      </div>
      <SafetyNote>请确认地址与所选协议一致，协议选错将无法到账；最多可绑定{LIMITS.maxCardsPerType}个USDT地址。</SafetyNote>
      <div className="cards-actions">
        <Button block color="primary" shape="rounded" className="cards-primary" data-testid="bind-submit" loading={bind.isPending} onClick={() => void submit()}>
          确认绑定
        </Button>
      </div>
    </Page>
  );
}
