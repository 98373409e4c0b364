/* variant: being written */
