import { DotLoading, ErrorBlock } from 'antd-mobile';
import { HtmlContent } from '../../../shared/components/HtmlContent';
import { useArticle } from '../api';

/** An article's HTML in a reading card, with loading and failure states. */
export function ArticleBody({ type }: { type: number }) {
  const { data, isPending, isError, error } = useArticle(type);
  if (!Number.isInteger(type) || type <= 0 || isError) {
    return <ErrorBlock status="empty" title="暂无内容" description={isError ? error.message : ''} className="article-error" />;
  }
  if (isPending) {
    return (
      <div className="article-loading">
        <DotLoading color="primary" />
      </div>
    );
  }
  return (
    <article className="article-card card" data-testid="article">
      <HtmlContent html={data.content} />
    </article>
  );
}
