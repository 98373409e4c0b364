/* rules: being written */
