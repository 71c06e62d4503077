// The parameter table (engine/params/param.h) read from and written to a settings file: the
// rules are engine/params/param_rows.h's, which reads any source of texts by key (this file, a
// command line's values) the same way.
#pragma once

#include "app/settings.h"
#include "engine/params/param_rows.h"
