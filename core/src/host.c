/* host: being written */
