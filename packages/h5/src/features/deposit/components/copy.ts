import { copyText as copy } from '@app/browser';
import { MSG } from '@app/contract';
import { toast } from '../../../shared/lib/toast';

/** Copies text (Clipboard API, or a hidden textarea where it is refused) and says 复制成功！. */
export async function copyText(text: string): Promise<void> {
  void toast((await copy(text)) ? { icon: 'success', content: MSG.copySuccess } : { content: MSG.copyFail });
}
