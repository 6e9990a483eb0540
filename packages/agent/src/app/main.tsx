import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { watchForNewVersion } from '@app/browser';
import { HashRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { ApiError } from '../shared/api';
import { AppRoutes } from './routes';
import '@app/browser/money-tone.css';
import './app.css';

dayjs.locale('zh-cn');
// A chunk gone after a deploy (a lazy page, a dialog's import) reloads into the new version.
watchForNewVersion();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal (400, 401, 404) will not change on a second try; a dropped connection may.
      retry: (failures, err) => failures < 2 && !(err instanceof ApiError && err.code < 500),
      refetchOnWindowFocus: false,
      staleTime: 15_000,
    },
  },
});

/** The agent portal at /agent/: hash routes (#/login, #/, #/members…), as the member app uses. */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider
      locale={zhCN}
      theme={{
        token: { colorPrimary: '#3a5bef', colorLink: '#3a5bef', borderRadius: 8, colorBgLayout: '#f3f5fb', fontFamily: `-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', sans-serif` },
        components: { Layout: { siderBg: '#141c52', headerBg: '#ffffff' }, Menu: { darkItemBg: '#141c52', darkItemSelectedBg: '#3a5bef' } },
      }}
    >
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <HashRouter>
            <AppRoutes />
          </HashRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  </StrictMode>,
);
