/* params: being written */
