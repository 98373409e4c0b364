/* view: being written */
