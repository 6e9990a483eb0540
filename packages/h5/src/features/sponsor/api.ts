/**
 * The two sponsorships shown on /zhanzhu, each with its built-in page for /zhanzhuye?type=N: shown while
 * 站点设置 saves no URL for it (the saved one is framed instead, /api/app sponsor_urls).
 */
export interface Sponsorship {
  type: 1 | 2;
  name: string;
  role: string;
  blurb: string;
  image: string;
  page: string;
}

export const SPONSORSHIPS: Sponsorship[] = [
  { type: 1, name: '蓝鹰足球俱乐部', role: '官方主赞助商', blurb: '携手绿茵劲旅，共赴荣耀之巅', image: '/assets/sponsor/team-1.svg', page: '/assets/sponsor-1.html' },
  { type: 2, name: '金狮竞技足球俱乐部', role: '官方区域合作伙伴', blurb: '雄狮出征，为每一粒进球喝彩', image: '/assets/sponsor/team-2.svg', page: '/assets/sponsor-2.html' },
];

export function sponsorship(type: number): Sponsorship | undefined {
  return SPONSORSHIPS.find((s) => s.type === type);
}

/** The page /zhanzhuye?type=N frames: the URL saved in 站点设置, else the built-in one. */
export function sponsorPage(s: Sponsorship, saved: readonly string[] | undefined): string {
  return saved?.[s.type - 1] || s.page;
}
