import type { Translations } from '../lib/translations';
import { addEnglishTexts } from './english-texts';
import widgetEn from './widget-en';

/** Adds the English texts of the widget, once, as its page's module loads (english-texts.ts). */
export const addWidgetTexts = (i18n: Translations): void => addEnglishTexts(i18n, 'widget.title', widgetEn);
