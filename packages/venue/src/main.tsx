import { createRoot } from 'react-dom/client';
import '@app/browser/money-tone.css';
import './styles/base.css';
import './styles/games.css';
import { App } from './App';

createRoot(document.getElementById('root')!).render(<App />);
