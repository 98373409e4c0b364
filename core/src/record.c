/* record: being written */
