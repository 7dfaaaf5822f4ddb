import { es } from '@l4l/shared/texts/es/public';
import { useEffect } from 'react';

/** Names the browser tab after the screen ('Aviso legal · L4L'), so history and tabs are readable. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${es.brand.name}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
