import type { ReactNode } from 'react';
import NavBar from 'antd-mobile/es/components/nav-bar';
import { useNavigate } from 'react-router';
import './page.css';

/** A top-level screen: header with back arrow and title, then its content. */
export function Page({ title, children, right, back = true, className = '' }: { title: ReactNode; children: ReactNode; right?: ReactNode; back?: boolean; className?: string }) {
  const navigate = useNavigate();
  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate('/'));
  return (
    <div className={`page ${className}`}>
      <NavBar className="page-nav" backIcon={back} back={back ? undefined : null} onBack={goBack} right={right}>
        {title}
      </NavBar>
      <div className="page-body">{children}</div>
    </div>
  );
}
