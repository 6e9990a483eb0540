import type { ReactNode } from 'react';
import NavBar from 'antd-mobile/es/components/nav-bar';
import { useNavigate } from 'react-router';
import { PullToRefresh } from './PullToRefresh';
import './page.css';

/** A top-level screen: header with back arrow and title, then its content (pulled down to refresh when `refreshable`). */
export function Page({
  title,
  children,
  right,
  back = true,
  className = '',
  refreshable = false,
}: {
  title: ReactNode;
  children: ReactNode;
  right?: ReactNode;
  back?: boolean;
  className?: string;
  refreshable?: boolean;
}) {
  const navigate = useNavigate();
  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate('/'));
  return (
    <div className={`page ${className}`}>
      <NavBar className="page-nav" backIcon={back} back={back ? undefined : null} onBack={goBack} right={right}>
        {title}
      </NavBar>
      <div className="page-body">{refreshable ? <PullToRefresh>{children}</PullToRefresh> : children}</div>
    </div>
  );
}
