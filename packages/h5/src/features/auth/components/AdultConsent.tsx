import { useState } from 'react';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { CheckOutline, CloseOutline } from 'antd-mobile-icons';
import { ARTICLE_TITLES } from '@app/contract';
import { FieldMessage, useFieldError } from '../../../shared/components/FieldErrors';
import { HtmlContent } from '../../../shared/components/HtmlContent';
import { Sheet } from '../../../shared/components/Sheet';
import { useArticle } from '../../help/api';

/** The responsible-gambling article's type (spec §2: 8 负责任博彩). */
const RESPONSIBLE_TYPE = 8;

/**
 * 我已年满18周岁，并已阅读《负责任博彩》: the box registration needs ticked; the article opens
 * in a sheet over the form, so what was typed stays.
 */
export function AdultConsent({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  const [reading, setReading] = useState(false);
  const error = useFieldError('adult', checked);
  return (
    <div className="auth-field-wrap">
      <div className={`auth-consent${error.message ? ' invalid' : ''}`}>
        <button type="button" role="checkbox" aria-checked={checked} aria-label="我已年满18周岁" {...error.aria} className={`auth-consent-box${checked ? ' on' : ''}`} data-testid="field-adult" onClick={() => onChange(!checked)}>
          {checked && <CheckOutline />}
        </button>
        <span className="auth-consent-text">
          <span onClick={() => onChange(!checked)}>我已年满18周岁，并已阅读</span>
          <button type="button" className="auth-consent-link" data-testid="adult-article" onClick={() => setReading(true)}>
            《负责任博彩》
          </button>
        </span>
      </div>
      <FieldMessage error={error} />
      <Sheet visible={reading} onMaskClick={() => setReading(false)} onClose={() => setReading(false)} bodyClassName="auth-article-sheet">
        <div className="auth-article-head">
          <span>{ARTICLE_TITLES[RESPONSIBLE_TYPE]}</span>
          <button type="button" aria-label="关闭" onClick={() => setReading(false)}>
            <CloseOutline />
          </button>
        </div>
        <div className="auth-article-body">{reading && <ResponsibleArticle />}</div>
      </Sheet>
    </div>
  );
}

/** The article's text, as /boutBallBetInfo?type=8 shows it. */
function ResponsibleArticle() {
  const { data, isError, error } = useArticle(RESPONSIBLE_TYPE);
  if (isError) return <p className="auth-article-state">{error.message}</p>;
  if (!data) {
    return (
      <p className="auth-article-state">
        <DotLoading color="primary" />
      </p>
    );
  }
  return (
    <article className="auth-article" data-testid="article">
      <HtmlContent html={data.content} />
    </article>
  );
}
