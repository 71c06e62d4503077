// N_("text") marks a string the user reads as one to translate, where it is declared: a parameter
// row's label and tooltip, a view's one-line description, a table of names. The mark changes
// nothing here (the engine has no translations and no UI); xgettext collects every N_ and _ string
// into the catalogue (po/), and the app translates a marked string where it shows it, with
// _(row.label) (app/i18n/translate.h).
#pragma once

#ifndef N_
#define N_(text) text
#endif
