import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Drawer, Form, Input, Row, Space, Spin, Table, Tag } from 'antd';
import { ABOUT_ARTICLE_TYPES, articleFormFailure, CONTENT_LIMITS, type AdminArticle, type ArticleForm } from '@app/contract';
import { useAuth } from '../../shared/auth';
import { useAction } from '../../shared/useAction';
import { contentApi, contentKeys } from './api';
import { useCheckedSubmit } from './editor';
import './content.css';

/** Where the member app shows each article besides the help centre's /boutBallBetInfo?type=N. */
const aboutPages = new Map(Object.entries(ABOUT_ARTICLE_TYPES).map(([page, type]) => [type, `/abouts?type=${page}`]));

/**
 * 帮助文章: articles 1–9 (the help centre, the footer's pages and /abouts), each edited as HTML beside
 * a preview of what the server keeps — the preview is the server's own sanitizer's answer, shown in a
 * sandboxed frame, so staff see exactly what members will read.
 */
export default function ArticlesPage() {
  const { can } = useAuth();
  const editable = can('content.manage');
  const list = useQuery({ queryKey: contentKeys.articles, queryFn: contentApi.articles });
  const [editing, setEditing] = useState<AdminArticle | undefined>(undefined);

  return (
    <Card title="帮助文章" className="content-page">
      <Table<AdminArticle>
        rowKey="type"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        data-testid="articles"
        columns={[
          { title: '编号', dataIndex: 'type', width: 70, align: 'center' },
          { title: '标题', dataIndex: 'title', render: (t: string, a) => <b data-testid={`article-${a.type}`}>{t}</b> },
          {
            title: '会员端位置',
            render: (_, a) => (
              <Space size={4} wrap>
                <Tag>/boutBallBetInfo?type={a.type}</Tag>
                {aboutPages.has(a.type) && <Tag color="blue">{aboutPages.get(a.type)}</Tag>}
              </Space>
            ),
          },
          { title: '更新时间', dataIndex: 'updated_at', width: 170, render: (t: string) => t || <span className="muted">未编写</span> },
          {
            title: '操作',
            width: 90,
            render: (_, a) => (
              <Button size="small" onClick={() => setEditing(a)} data-testid={`article-edit-${a.type}`}>
                {editable ? '编辑' : '查看'}
              </Button>
            ),
          },
        ]}
      />
      <ArticleEditor article={editing} editable={editable} onClose={() => setEditing(undefined)} />
    </Card>
  );
}

const PREVIEW_STYLE = '<style>body{margin:12px;font:14px/1.7 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#333}h3{font-size:15px;margin:10px 0 6px}p{margin:0 0 8px}ol,ul{padding-left:20px}</style>';

/** The server's sanitized HTML of what is typed, asked for once the typing pauses. */
function useSanitized(html: string): { content: string | undefined; fetching: boolean } {
  const [settled, setSettled] = useState(html);
  useEffect(() => {
    const t = setTimeout(() => setSettled(html), 400);
    return () => clearTimeout(t);
  }, [html]);
  const q = useQuery({ queryKey: ['article-preview', settled], queryFn: () => contentApi.preview(settled), placeholderData: (prev) => prev, staleTime: Infinity });
  return { content: q.data, fetching: q.isFetching || settled !== html };
}

function ArticleEditor({ article, editable, onClose }: { article: AdminArticle | undefined; editable: boolean; onClose(): void }) {
  const [form] = Form.useForm<ArticleForm>();
  const html = (Form.useWatch('content', form) as string | undefined) ?? article?.content ?? '';
  const preview = useSanitized(html);
  const save = useAction(contentApi.saveArticle, [contentKeys.articles], onClose);

  const submit = useCheckedSubmit(form, (v): ArticleForm => ({ title: (v.title ?? '').trim(), content: v.content ?? '' }), articleFormFailure, (body) => article && save.mutate({ type: article.type, form: body }));

  return (
    <Drawer
      title={article ? `${editable ? '编辑' : '查看'}文章 ${article.type}` : ''}
      width={1000}
      open={article !== undefined}
      onClose={onClose}
      destroyOnHidden
      extra={
        editable && (
          <Space>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" loading={save.isPending} onClick={submit} data-testid="article-save">
              保存
            </Button>
          </Space>
        )
      }
    >
      {article && (
        <Form form={form} layout="vertical" className="content-form" disabled={!editable} initialValues={{ title: article.title, content: article.content }}>
          <Form.Item name="title" label="标题" required>
            <Input maxLength={CONTENT_LIMITS.articleTitleMax} showCount data-testid="article-title" />
          </Form.Item>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="content" label="内容（HTML）" required extra="保存时仅保留 p、b、strong、h3、ul、ol、li、br（不带属性）；脚本、样式、链接与图片会被去掉">
                <Input.TextArea rows={18} maxLength={CONTENT_LIMITS.htmlMax} data-testid="article-content" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <div className="ant-form-item-label">
                <label>
                  会员端预览 {preview.fetching && <Spin size="small" />}
                </label>
              </div>
              <iframe className="article-preview" title="会员端预览" sandbox="" srcDoc={PREVIEW_STYLE + (preview.content ?? '')} data-testid="article-preview" />
            </Col>
          </Row>
        </Form>
      )}
    </Drawer>
  );
}
