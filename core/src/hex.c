/* hex: being written */
