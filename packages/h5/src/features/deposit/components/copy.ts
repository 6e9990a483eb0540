import { MSG } from '@app/contract';
import { toast } from '../../../shared/lib/toast';

/** Copies text (Clipboard API, or a hidden textarea where it is refused) and says 复制成功！. */
export async function copyText(text: string): Promise<void> {
  let done = false;
  try {
    await navigator.clipboard.writeText(text);
    done = true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      done = document.execCommand('copy');
    } catch {
      done = false;
    }
    area.remove();
  }
  void toast(done ? { icon: 'success', content: MSG.copySuccess } : { content: MSG.copyFail });
}
