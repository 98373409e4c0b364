/* context: being written */
