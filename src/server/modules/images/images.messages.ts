import { defineMessages } from '../../i18n';

/** Errors of the image calls (keys are the codes), in the language of the request. */
export const IMAGES_MESSAGES = defineMessages({
  nl: {
    'image.not_found': 'Er is geen afbeelding met dit id.',
    'image.unreadable': 'Het origineel van deze afbeelding kan niet worden gelezen, dus deze stijl kan niet worden gemaakt.',
  },
  en: {
    'image.not_found': 'There is no image with this id.',
    'image.unreadable': 'The original of this image cannot be read, so this style cannot be made.',
  },
});
