/* Private: the immutable host function table. */
#ifndef FC_HOST_H
#define FC_HOST_H

#include "formicary/game.h"

const fc_host *fc_host_table(void);

#endif
