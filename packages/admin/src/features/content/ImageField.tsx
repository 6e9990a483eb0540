import { ImageUpload } from '../../shared/components/ImageUpload';

/** A banner's or a game tile's picture (the console's image upload), `width` wide. */
export function ImageField({ value, onChange, disabled, width = 240, testId }: { value?: string; onChange?: (url: string) => void; disabled?: boolean; width?: number; testId: string }) {
  return <ImageUpload value={value} onChange={onChange} editable={!disabled} testId={testId} box={{ width, minHeight: 96 }} image={{ width: width - 8 }} />;
}
