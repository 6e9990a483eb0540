import { useSearchParams } from 'react-router';
import { ABOUT_ARTICLE_TYPES, ABOUT_TITLES } from '@app/contract';
import { Page } from '../../../shared/components/Page';
import { ArticleBody } from '../components/ArticleBody';
import '../help.css';

/** /abouts?type=5 条款与规则, type=6 隐私政策. */
export default function Abouts() {
  const [params] = useSearchParams();
  const type = Number(params.get('type'));
  const title = ABOUT_TITLES[type] ?? ABOUT_TITLES[5];
  return (
    <Page title={title}>
      <div className="article-wrap">
        <ArticleBody type={ABOUT_ARTICLE_TYPES[type] ?? ABOUT_ARTICLE_TYPES[5]} />
      </div>
    </Page>
  );
}
