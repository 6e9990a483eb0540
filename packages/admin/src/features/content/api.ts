import type {
  AdminArticle,
  AdminBanner,
  AdminGameEntry,
  AdminNotice,
  AdminVenue,
  ArticleForm,
  ArticlePreview,
  BannerForm,
  GameEntryForm,
  NewGameEntryForm,
  NoticeForm,
} from '@app/contract';
import { api } from '../../shared/api';

/** The console's content calls (/admin/api), typed by the contract's shapes (content/content.admin.ts). */

export const contentKeys = {
  banners: ['banners'] as const,
  notices: ['notices'] as const,
  articles: ['articles'] as const,
  games: ['game-entries'] as const,
  venues: ['venues'] as const,
};

export const contentApi = {
  banners: async () => (await api.get<AdminBanner[]>('/banners')).data,
  createBanner: (form: BannerForm) => api.post<AdminBanner>('/banners', form),
  updateBanner: ({ id, form }: { id: number; form: BannerForm }) => api.post<AdminBanner>(`/banners/${id}`, form),
  setBannerEnabled: ({ id, enabled }: { id: number; enabled: boolean }) => api.post<AdminBanner>(`/banners/${id}/state`, { enabled }),
  deleteBanner: (id: number) => api.post<{ id: number }>(`/banners/${id}/delete`),

  notices: async () => (await api.get<AdminNotice[]>('/notices')).data,
  createNotice: (form: NoticeForm) => api.post<AdminNotice>('/notices', form),
  updateNotice: ({ id, form }: { id: number; form: NoticeForm }) => api.post<AdminNotice>(`/notices/${id}`, form),
  setNoticeEnabled: ({ id, enabled }: { id: number; enabled: boolean }) => api.post<AdminNotice>(`/notices/${id}/state`, { enabled }),
  deleteNotice: (id: number) => api.post<{ id: number }>(`/notices/${id}/delete`),

  articles: async () => (await api.get<AdminArticle[]>('/articles')).data,
  saveArticle: ({ type, form }: { type: number; form: ArticleForm }) => api.post<AdminArticle>(`/articles/${type}`, form),
  /** The HTML as members will get it (the server's sanitizer), nothing saved. */
  preview: async (content: string) => (await api.post<ArticlePreview>('/articles/preview', { content })).data.content,

  games: async () => (await api.get<AdminGameEntry[]>('/game-entries')).data,
  updateGame: ({ id, form }: { id: number; form: GameEntryForm }) => api.post<AdminGameEntry>(`/game-entries/${id}`, form),
  createGame: (form: NewGameEntryForm) => api.post<AdminGameEntry>('/game-entries', form),
  venues: async () => (await api.get<AdminVenue[]>('/venues')).data,
  setVenueMaintenance: ({ code, maintenance }: { code: string; maintenance: boolean }) => api.post<AdminVenue>(`/venues/${encodeURIComponent(code)}/maintenance`, { maintenance }),
};

/** Where antd's Upload sends an image, with the staff token (multipart field UPLOAD_FIELD). */
