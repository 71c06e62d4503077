// The clamp rule moved to the engine so the parameter table, the bench and the tests share it.
#pragma once

#include "engine/params/clamped_value.h"
