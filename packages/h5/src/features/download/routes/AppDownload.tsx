import { useRef, useState, useSyncExternalStore } from 'react';
import { toast } from '../../../shared/lib/toast';
import { CheckShieldOutline, GiftOutline, ThunderboltOutline } from '../components/icons';
import { MSG, TIMING } from '@app/contract';
import { useAppInfo } from '../../../shared/api/app';
import { BANNER_TYPE, useBanners } from '../../../shared/api/banners';
import { BannerSwiper } from '../../../shared/components/BannerSwiper';
import { SmartImage } from '../../../shared/components/SmartImage';
import { installPrompt, onInstallPromptChange, promptUsed } from '../../../shared/pwa/install';
import { downloadUrl, installSteps, isInstalled, nativePackage, phonePlatform, startDownload, type Platform } from '../api';
import { QrCode } from '../components/QrCode';
import '../download.css';

function AppleLogo() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="currentColor" aria-hidden>
      <path d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8 1.4 0 2.3-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9-.1 0-2.7-1-2.7-4.1zM13.9 5c.7-.9 1.2-2 1-3.2-1 0-2.3.7-3 1.6-.7.8-1.2 2-1.1 3.1 1.2.1 2.3-.6 3.1-1.5z" />
    </svg>
  );
}
function AndroidLogo() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="currentColor" aria-hidden>
      <path d="M6 9h12v8.5a1.5 1.5 0 0 1-1.5 1.5H15v2.5a1.5 1.5 0 0 1-3 0V19h0v2.5a1.5 1.5 0 0 1-3 0V19H7.5A1.5 1.5 0 0 1 6 17.5zM3.5 9A1.5 1.5 0 0 1 5 10.5v5a1.5 1.5 0 0 1-3 0v-5A1.5 1.5 0 0 1 3.5 9zm17 0a1.5 1.5 0 0 1 1.5 1.5v5a1.5 1.5 0 0 1-3 0v-5A1.5 1.5 0 0 1 20.5 9zM6 8a6 6 0 0 1 3.1-4.9l-1-1.7a.4.4 0 0 1 .7-.4l1 1.8a6 6 0 0 1 4.4 0l1-1.8a.4.4 0 0 1 .7.4l-1 1.7A6 6 0 0 1 18 8zm3.5-2.6a.8.8 0 1 0 0 1.6.8.8 0 0 0 0-1.6zm5 0a.8.8 0 1 0 0 1.6.8.8 0 0 0 0-1.6z" />
    </svg>
  );
}

/**
 * APP下载: banners, the QR code of the download address and one button per platform. A button
 * downloads the native package when the operator configured one; otherwise the app to install is
 * this site itself: Chrome's install prompt when the browser offers it, else the steps to add it to
 * the home screen (Safari's 分享 → 添加到主屏幕, Chrome's ⋮ → 安装应用). Opened from the home screen,
 * the page says the app is installed.
 */
export default function AppDownload() {
  const { data: app } = useAppInfo();
  const banners = useBanners(BANNER_TYPE.appDownload);
  const prompt = useSyncExternalStore(onInstallPromptChange, installPrompt);
  const [installed, setInstalled] = useState(isInstalled);
  const [guide, setGuide] = useState<Platform>(phonePlatform);
  const guideRef = useRef<HTMLElement>(null);
  const qrText = downloadUrl(app);
  const native = { ios: nativePackage(app?.ios_download_url), android: nativePackage(app?.android_download_url) };
  const appName = app?.title || 'APP';

  const install = async (platform: Platform) => {
    const pkg = native[platform];
    if (pkg) {
      startDownload(pkg);
      void toast(MSG.downloadStarted);
      return;
    }
    if (platform === 'android' && prompt) {
      promptUsed();
      await prompt.prompt();
      if ((await prompt.userChoice).outcome === 'accepted') setInstalled(true);
      return;
    }
    setGuide(platform);
    guideRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };
  const webLabel = (platform: Platform) => (platform === 'android' && prompt ? '一键安装' : '添加到主屏幕');

  return (
    <div className="app-dl" data-testid="app-download">
      <div className="app-dl-hero">
        <BannerSwiper banners={banners.data ?? []} loading={banners.isPending} autoplayMs={TIMING.appBannerAutoplayMs} testId="app-banner" />
      </div>
      <section className="app-dl-card card">
        <div className="app-dl-brand">
          <img src={app?.site_logo || '/assets/logo.svg'} alt="" className="app-dl-logo" />
          <div>
            <div className="app-dl-name">{app?.title} APP</div>
            <div className="app-dl-tagline">极速 · 安全 · 稳定</div>
          </div>
        </div>
        <div className="app-dl-main">
          <SmartImage src="/assets/app/phone.svg" className="app-dl-phone" />
          <div className="app-dl-qr">
            {/* the QR image staff uploaded in 站点设置, else one drawn from the download address */}
            {app?.ios_download_qrcode ? (
              <img src={app.ios_download_qrcode} alt="下载二维码" width={132} height={132} data-testid="download-qrcode" />
            ) : (
              <QrCode text={qrText} size={132} />
            )}
            <div className="app-dl-qr-tip">手机扫码 立即下载</div>
          </div>
        </div>
        {installed ? (
          <div className="app-dl-installed" data-testid="app-installed">
            已安装到主屏幕，您正在使用 APP
          </div>
        ) : (
          <div className="app-dl-buttons">
            <button className="app-dl-btn app-dl-ios" data-testid="download-ios" onClick={() => void install('ios')}>
              <AppleLogo />
              <span>
                <b>{native.ios ? 'iPhone 下载' : 'iPhone 安装'}</b>
                <small>{native.ios ? 'iOS 版' : webLabel('ios')}</small>
              </span>
            </button>
            <button className="app-dl-btn app-dl-android" data-testid="download-android" onClick={() => void install('android')}>
              <AndroidLogo />
              <span>
                <b>{native.android ? '安卓下载' : '安卓安装'}</b>
                <small>{native.android ? 'Android 版' : webLabel('android')}</small>
              </span>
            </button>
          </div>
        )}
      </section>
      {!installed && !native[guide] && (
        <section className="app-dl-guide card" ref={guideRef} data-testid="install-steps" data-platform={guide}>
          <div className="app-dl-guide-head">
            <b>{guide === 'ios' ? 'iPhone 添加到主屏幕' : '安卓 安装到桌面'}</b>
            <small>无需下载安装包，桌面一键打开</small>
          </div>
          <ol className="app-dl-steps">
            {installSteps(guide, appName).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      )}
      <section className="app-dl-perks">
        {[
          [<ThunderboltOutline key="a" />, '极速体验', '原生流畅，秒开游戏'],
          [<CheckShieldOutline key="b" />, '安全加密', '资金与信息全程加密'],
          [<GiftOutline key="c" />, '专属福利', 'APP用户独享活动'],
        ].map(([icon, title, sub]) => (
          <div key={String(title)} className="app-dl-perk card">
            <span className="app-dl-perk-icon">{icon}</span>
            <b>{title}</b>
            <small>{sub}</small>
          </div>
        ))}
      </section>
    </div>
  );
}
