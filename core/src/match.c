/* match: being written */
