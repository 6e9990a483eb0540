import { useSearchParams } from 'react-router';
import { ARTICLE_TITLES } from '@app/contract';
import { Page } from '../../../shared/components/Page';
import { ArticleBody } from '../components/ArticleBody';
import '../help.css';

/** /boutBallBetInfo?type=N: one help article under its title. */
export default function HelpArticle() {
  const [params] = useSearchParams();
  const type = Number(params.get('type'));
  return (
    <Page title={ARTICLE_TITLES[type] ?? '帮助中心'}>
      <div className="article-wrap">
        <ArticleBody type={type} />
      </div>
    </Page>
  );
}
